import { defineError } from '../error-definition.js';
import { HttpStatus } from '../http-status.js';

/** Organization, member, invitation and team errors (spec §8 "Organization", current client's codes). */
export const OrganizationErrors = {
  NOT_ALLOWED_TO_CREATE_ORGANIZATION: defineError(
    'You are not allowed to create a new organization',
    HttpStatus.FORBIDDEN,
  ),
  ORGANIZATION_LIMIT_REACHED: defineError('You have reached the maximum number of organizations', HttpStatus.FORBIDDEN),
  ORGANIZATION_ALREADY_EXISTS: defineError('Organization already exists', HttpStatus.BAD_REQUEST),
  ORGANIZATION_SLUG_ALREADY_TAKEN: defineError(
    'Organization slug already taken',
    HttpStatus.BAD_REQUEST,
    'ORGANIZATION_SLUG_ALREADY_TAKEN',
  ),
  SLUG_IS_TAKEN: defineError('slug is taken', HttpStatus.BAD_REQUEST),
  ORGANIZATION_NOT_FOUND: defineError('Organization not found', HttpStatus.BAD_REQUEST),
  USER_NOT_MEMBER: defineError('User is not a member of the organization', HttpStatus.FORBIDDEN),
  NOT_ALLOWED_TO_UPDATE_ORGANIZATION: defineError(
    'You are not allowed to update this organization',
    HttpStatus.FORBIDDEN,
  ),
  NOT_ALLOWED_TO_DELETE_ORGANIZATION: defineError(
    'You are not allowed to delete this organization',
    HttpStatus.FORBIDDEN,
  ),
  NO_ACTIVE_ORGANIZATION: defineError('No active organization', HttpStatus.BAD_REQUEST),
  MEMBER_NOT_FOUND: defineError('Member not found', HttpStatus.BAD_REQUEST),
  TEAM_NOT_FOUND: defineError('Team not found', HttpStatus.BAD_REQUEST),
  ONLY_OWNER_CANNOT_LEAVE: defineError('You cannot leave the organization as the only owner', HttpStatus.BAD_REQUEST),
  NOT_ALLOWED_TO_DELETE_MEMBER: defineError('You are not allowed to delete this member', HttpStatus.FORBIDDEN),
  INVITATION_NOT_FOUND: defineError('Invitation not found', HttpStatus.BAD_REQUEST),
  NOT_INVITATION_RECIPIENT: defineError('You are not the recipient of the invitation', HttpStatus.FORBIDDEN),
  NOT_ALLOWED_TO_CANCEL_INVITATION: defineError('You are not allowed to cancel this invitation', HttpStatus.FORBIDDEN),
  INVITER_NO_LONGER_MEMBER: defineError('Inviter is no longer a member of the organization', HttpStatus.BAD_REQUEST),
  FAILED_TO_RETRIEVE_INVITATION: defineError('Failed to retrieve invitation', HttpStatus.BAD_REQUEST),
  UNABLE_TO_REMOVE_LAST_TEAM: defineError('Unable to remove last team', HttpStatus.BAD_REQUEST),
  MEMBERSHIP_LIMIT_REACHED: defineError('Organization membership limit reached', HttpStatus.FORBIDDEN),
  NOT_ALLOWED_TO_DELETE_TEAMS: defineError(
    'You are not allowed to delete teams in this organization',
    HttpStatus.FORBIDDEN,
  ),
  NOT_ALLOWED_TO_UPDATE_TEAM: defineError('You are not allowed to update this team', HttpStatus.FORBIDDEN),
  NOT_ALLOWED_TO_DELETE_TEAM: defineError('You are not allowed to delete this team', HttpStatus.FORBIDDEN),
  TEAM_MEMBER_LIMIT_REACHED: defineError('Team member limit reached', HttpStatus.FORBIDDEN),
  NOT_AUTHENTICATED: defineError('Not authenticated', HttpStatus.UNAUTHORIZED),
  ORGANIZATION_ID_REQUIRED: defineError('Organization ID is required', HttpStatus.BAD_REQUEST),
  NOT_A_MEMBER_OF_THIS_ORGANIZATION: defineError('You are not a member of this organization', HttpStatus.FORBIDDEN),
} as const;
