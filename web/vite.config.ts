import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development (`npm run dev -w web`) API calls go to the gateway so that cookies stay first-party.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
