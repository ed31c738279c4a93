import { Field } from '../../components/field';
import { SLUG_PATTERN } from '../../lib/slug';
import { useSlugAvailability } from './slug-availability';

interface SlugFieldProps {
  slug: string;
  onChange: (slug: string) => void;
  /** The slug the organization already has (its settings): not asked about. */
  unchanged?: string;
  /** What the slug must look like, before the availability. */
  hint: string;
  /** The form's error for the slug. */
  error?: string;
}

/** An organization's slug, whose availability is checked while it is typed; a taken one is the field's error. */
export function SlugField({ slug, onChange, unchanged, hint, error }: SlugFieldProps) {
  const available = useSlugAvailability(slug, unchanged);
  const taken = available.data === false ? 'This slug is taken; choose another one.' : undefined;
  return (
    <Field
      label="Slug"
      name="slug"
      required
      pattern={SLUG_PATTERN.source}
      value={slug}
      onChange={(event) => onChange(event.target.value)}
      hint={
        <>
          {hint} <span role="status">{available.data === true && `“${slug}” is available.`}</span>
        </>
      }
      error={error ?? taken}
    />
  );
}
