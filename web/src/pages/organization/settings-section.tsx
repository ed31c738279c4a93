import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ConfirmButton } from '../../components/confirm-button';
import { Field } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { textOf, useForm } from '../../components/use-form';
import { MetadataField, metadataOf } from './metadata-field';
import { useRefreshOrganizations } from './organization-queries';
import { SlugField } from './slug-field';

interface SettingsSectionProps {
  organization: { id: string; name: string; slug: string; logo?: string | null; metadata?: unknown };
  /** Only owners may delete an organization. */
  canDelete: boolean;
}

/** Name, slug (checked while typed), logo and metadata of the organization (owners and admins); deletion (owners). */
export function SettingsSection({ organization, canDelete }: SettingsSectionProps) {
  const navigate = useNavigate();
  const refresh = useRefreshOrganizations();
  const [slug, setSlug] = useState(organization.slug);
  const form = useForm({
    submit: (values) =>
      unwrap(
        authClient.organization.update({
          organizationId: organization.id,
          data: {
            name: textOf(values, 'name'),
            slug: textOf(values, 'slug'),
            logo: textOf(values, 'logo') || undefined,
            metadata: metadataOf(values),
          },
        }),
      ),
    fieldOfCode: { ORGANIZATION_SLUG_ALREADY_TAKEN: 'slug', ORGANIZATION_ALREADY_EXISTS: 'slug' },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => unwrap(authClient.organization.delete({ organizationId: organization.id })),
    onSuccess: async () => {
      await refresh();
      navigate('/organizations');
    },
  });
  return (
    <section aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <form onSubmit={form.onSubmit} noValidate aria-label="Organization settings">
        <Field label="Name" name="name" required defaultValue={organization.name} error={form.fieldError('name')} />
        <SlugField
          slug={slug}
          onChange={setSlug}
          unchanged={organization.slug}
          hint="Lower-case letters, digits and hyphens."
          error={form.fieldError('slug')}
        />
        <Field
          label="Logo URL"
          name="logo"
          type="url"
          defaultValue={organization.logo ?? ''}
          error={form.fieldError('logo')}
        />
        <MetadataField stored={organization.metadata} error={form.fieldError('metadata')} />
        <FormError message={form.formError} />
        {form.succeeded && <Notice>The settings have been saved.</Notice>}
        <SubmitButton pending={form.pending}>Save settings</SubmitButton>
      </form>
      {canDelete && (
        <>
          <FormError message={remove.error?.message} />
          <ConfirmButton
            label="Delete organization"
            question={`Delete ${organization.name}, its members, invitations and teams? This cannot be undone.`}
            onConfirm={() => remove.mutate()}
            disabled={remove.isPending}
          />
        </>
      )}
    </section>
  );
}
