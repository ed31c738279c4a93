export const ORGANIZATION_QUEUE = 'organization';
