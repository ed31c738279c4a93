import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { UsernameField, usernameErrorsAt } from '../../components/credential-fields';
import { Field } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { Loading, Page } from '../../components/page';
import { textOf, useForm } from '../../components/use-form';

const FIELD_OF_CODE = usernameErrorsAt('username');

interface ProfileUser {
  name: string;
  image?: string | null;
  username?: string | null;
  displayUsername?: string | null;
}

function ProfileForm({ user }: { user: ProfileUser }) {
  const form = useForm({
    submit: (values) => {
      const username = textOf(values, 'username');
      return unwrap(
        authClient.updateUser({
          name: textOf(values, 'name'),
          image: textOf(values, 'image') || null,
          ...(username ? { username } : {}),
        }),
      );
    },
    fieldOfCode: FIELD_OF_CODE,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      {user.image && <img className="avatar" src={user.image} alt="Your profile picture" />}
      <Field
        label="Name"
        name="name"
        required
        autoComplete="name"
        defaultValue={user.name}
        error={form.fieldError('name')}
      />
      <Field
        label="Image URL"
        name="image"
        type="url"
        autoComplete="photo"
        defaultValue={user.image ?? ''}
        hint="A link to a picture of you (https). Leave empty for none."
        error={form.fieldError('image')}
      />
      <UsernameField
        label="Username"
        name="username"
        defaultValue={user.displayUsername ?? user.username ?? ''}
        error={form.fieldError('username')}
      />
      <FormError message={form.formError} />
      {form.succeeded && <Notice>Your profile has been saved.</Notice>}
      <SubmitButton pending={form.pending}>Save profile</SubmitButton>
    </form>
  );
}

export function ProfilePage() {
  const { data: session } = authClient.useSession();
  return <Page title="Profile">{session ? <ProfileForm user={session.user} /> : <Loading what="your profile" />}</Page>;
}
