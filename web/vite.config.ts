import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CLIENT_PATHS, CLIENT_PATHS_FILE } from './src/client-paths';

// In development (`npm run dev -w web`) API calls go to the gateway so that cookies stay first-party.
const GATEWAY = 'http://localhost:3000';

/** Writes the client's page paths beside index.html: the gateway serves index.html at those and 404 elsewhere. */
function clientPaths(): Plugin {
  return {
    name: 'authsvc-client-paths',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: CLIENT_PATHS_FILE,
        source: JSON.stringify(Object.values(CLIENT_PATHS)),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), clientPaths()],
  server: {
    proxy: { '/api': GATEWAY, '/dev': GATEWAY, '/client-config.json': GATEWAY },
  },
});
