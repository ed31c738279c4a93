import { useQuery } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { SLUG_PATTERN } from '../../lib/slug';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/**
 * Whether the slug is free, asked while the person types (a pause, not every key). `unchanged` names the slug the
 * organization already has, which check-slug would call taken: it is not asked about.
 */
export function useSlugAvailability(slug: string, unchanged?: string) {
  const settled = useDebouncedValue(slug, 300);
  return useQuery({
    queryKey: ['slug-available', settled],
    queryFn: () =>
      authClient.organization.checkSlug({ slug: settled }).then(({ data, error }) => Boolean(data?.status) && !error),
    enabled: SLUG_PATTERN.test(settled) && settled !== unchanged,
  });
}
