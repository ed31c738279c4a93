import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development (`npm run dev -w web`) API calls go to the gateway so that cookies stay first-party.
const GATEWAY = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': GATEWAY, '/dev': GATEWAY, '/client-config.json': GATEWAY },
  },
});
