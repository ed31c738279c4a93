import { spawnSync } from 'node:child_process';

/**
 * What an app's image installs: the Dockerfile runs `npm ci --omit=dev -w <workspace>`, so the image holds that
 * workspace's production dependency tree, which `npm ls` reads from the lock's installed tree without a download.
 */
function productionPackagesOf(workspace: string): string[] {
  const listed = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable', '-w', workspace], { encoding: 'utf8' });
  return listed.stdout
    .split('\n')
    .filter((path) => path.includes('/node_modules/'))
    .map((path) => path.slice(path.lastIndexOf('/node_modules/') + '/node_modules/'.length));
}

const BROWSER_AND_TEST_PACKAGES = [
  'react',
  'react-dom',
  'better-auth',
  'vite',
  'jest',
  'playwright-core',
  'oidc-provider',
];

describe("an app image's production dependencies", () => {
  it.each(['services/identity', 'services/session', 'services/organization', 'services/mailer', 'gateway'])(
    '%s installs its own packages and none of the web client or the tests',
    (workspace) => {
      const packages = productionPackagesOf(workspace);
      expect(packages).toEqual(expect.arrayContaining(['@nestjs/core', '@authsvc/platform']));
      expect(packages.filter((name) => BROWSER_AND_TEST_PACKAGES.includes(name))).toEqual([]);
    },
  );

  it("tells the web client's packages apart (the check can fail)", () => {
    expect(productionPackagesOf('web')).toEqual(expect.arrayContaining(['react', 'better-auth']));
  });
});
