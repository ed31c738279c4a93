/** What every mail request says: for whom, until when its link works. */
export interface MailRequestData {
  userId: string;
  expiresAt: string;
}
