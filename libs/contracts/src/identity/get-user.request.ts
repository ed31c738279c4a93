import { Id } from '../messaging/fields.js';
import { TracedRequest } from '../messaging/traced-request.js';

export class GetUserRequest extends TracedRequest {
  @Id()
  userId!: string;
}
