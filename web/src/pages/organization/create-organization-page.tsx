import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { Field } from '../../components/field';
import { FormError, SubmitButton } from '../../components/form-parts';
import { Page } from '../../components/page';
import { textOf, useForm } from '../../components/use-form';
import { slugFrom } from '../../lib/slug';
import { useRefreshOrganizations } from './organization-queries';
import { SlugField } from './slug-field';

export function CreateOrganizationPage() {
  const navigate = useNavigate();
  const refresh = useRefreshOrganizations();
  const [name, setName] = useState('');
  const [typedSlug, setTypedSlug] = useState<string>();
  const slug = typedSlug ?? slugFrom(name);
  const form = useForm({
    submit: (values) =>
      unwrap(authClient.organization.create({ name: textOf(values, 'name'), slug: textOf(values, 'slug') })),
    fieldOfCode: { ORGANIZATION_ALREADY_EXISTS: 'slug', ORGANIZATION_SLUG_ALREADY_TAKEN: 'slug' },
    onSuccess: async () => {
      await refresh();
      navigate('/organization');
    },
  });
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
        <SlugField
          slug={slug}
          onChange={setTypedSlug}
          hint="Lower-case letters, digits and hyphens; it names the organization in links."
          error={form.fieldError('slug')}
        />
        <FormError message={form.formError} />
        <SubmitButton pending={form.pending}>Create organization</SubmitButton>
      </form>
    </Page>
  );
}
