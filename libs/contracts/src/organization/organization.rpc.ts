import { defineRpc } from '../messaging/rpc-definition.js';
import {
  CheckSlugRequest,
  CreateOrganizationRequest,
  DeleteOrganizationRequest,
  GetFullOrganizationRequest,
  GetOrganizationRequest,
  ListOrganizationsRequest,
  UpdateOrganizationRequest,
} from './organization.requests.js';
import type {
  CreatedOrganizationView,
  FullOrganizationView,
  OrganizationCreation,
  OrganizationView,
} from './organization.views.js';

// WARNING: persisted names (subjects), do not rename.
export const OrganizationRpc = {
  create: defineRpc<CreateOrganizationRequest, OrganizationCreation>(
    'organization.rpc.organization.create',
    CreateOrganizationRequest,
  ),
  checkSlug: defineRpc<CheckSlugRequest, { status: true }>(
    'organization.rpc.organization.check-slug',
    CheckSlugRequest,
  ),
  /** The organization with its metadata as an object. */
  update: defineRpc<UpdateOrganizationRequest, Omit<CreatedOrganizationView, 'members'>>(
    'organization.rpc.organization.update',
    UpdateOrganizationRequest,
  ),
  /** The organization as it was. */
  delete: defineRpc<DeleteOrganizationRequest, OrganizationView>(
    'organization.rpc.organization.delete',
    DeleteOrganizationRequest,
  ),
  /** The organizations the caller is a member of. */
  list: defineRpc<ListOrganizationsRequest, OrganizationView[]>(
    'organization.rpc.organization.list',
    ListOrganizationsRequest,
  ),
  /**
   * The organization named (slug, id, else the session's active one) when the caller is a member of it; null
   * when none is named and none is active.
   */
  get: defineRpc<GetOrganizationRequest, OrganizationView | null>(
    'organization.rpc.organization.get',
    GetOrganizationRequest,
  ),
  getFull: defineRpc<GetFullOrganizationRequest, FullOrganizationView | null>(
    'organization.rpc.organization.get-full',
    GetFullOrganizationRequest,
  ),
} as const;

export const ORGANIZATION_QUEUE = 'organization';
