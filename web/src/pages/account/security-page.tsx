import { Page } from '../../components/page';
import { PasskeysSection } from './passkeys-section';
import { TwoFactorSection } from './two-factor-section';

/** The second factors of the account: two-factor with an authenticator app, and passkeys. */
export function SecurityPage() {
  return (
    <Page title="Security">
      <TwoFactorSection />
      <PasskeysSection />
    </Page>
  );
}
