import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { Field } from '../../components/field';
import { FormError, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { textOf, useForm } from '../../components/use-form';
import { SLUG_PATTERN, slugFrom } from '../../lib/slug';
import { useRefreshOrganizations } from './organization-queries';
import { useSlugAvailability } from './slug-availability';

export function CreateOrganizationPage() {
  const navigate = useNavigate();
  const refresh = useRefreshOrganizations();
  const [name, setName] = useState('');
  const [typedSlug, setTypedSlug] = useState<string>();
  const slug = typedSlug ?? slugFrom(name);
  const available = useSlugAvailability(slug);
  const form = useForm({
    submit: (values) =>
      unwrap(authClient.organization.create({ name: textOf(values, 'name'), slug: textOf(values, 'slug') })),
    fieldOfCode: { ORGANIZATION_ALREADY_EXISTS: 'slug', ORGANIZATION_SLUG_ALREADY_TAKEN: 'slug' },
    onSuccess: async () => {
      await refresh();
      navigate('/organization');
    },
  });
  const slugTaken = available.data === false ? 'This slug is taken; choose another one.' : undefined;
  return (
    <Page title="Create an organization" narrow>
      <form onSubmit={form.onSubmit} noValidate>
        <Field
          label="Organization name"
          name="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={form.fieldError('name')}
        />
        <Field
          label="Slug"
          name="slug"
          required
          pattern={SLUG_PATTERN.source}
          value={slug}
          onChange={(event) => setTypedSlug(event.target.value)}
          hint={
            <>
              Lower-case letters, digits and hyphens; it names the organization in links.{' '}
              <span role="status">{available.data === true && `“${slug}” is available.`}</span>
            </>
          }
          error={form.fieldError('slug') ?? slugTaken}
        />
        <FormError message={form.formError} />
        <SubmitButton pending={form.pending}>Create organization</SubmitButton>
      </form>
    </Page>
  );
}
