import { ConfigError } from '@authsvc/config';
import { loadGatewayConfig } from './gateway.config.js';

describe('loadGatewayConfig', () => {
  it('serves probes and metrics on HEALTH_PORT, 3100 by default, apart from PORT', () => {
    expect(loadGatewayConfig({ NODE_ENV: 'test' })).toMatchObject({ PORT: 3000, HEALTH_PORT: 3100 });
  });

  it('refuses HEALTH_PORT equal to PORT, naming it', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'test', PORT: '3100' })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ NODE_ENV: 'test', PORT: '3100' })).toThrow(/HEALTH_PORT must differ from PORT/);
  });
});
