import { Controller, Get, Header, Query } from '@nestjs/common';
import { AUTH_BASE_PATH } from './auth-base-path.js';
import { renderErrorPage } from './error-page.js';

@Controller(AUTH_BASE_PATH)
export class StatusController {
  @Get('ok')
  ok(): { ok: true } {
    return { ok: true };
  }

  @Get('error')
  @Header('Content-Type', 'text/html; charset=utf-8')
  error(@Query('error') error: unknown): string {
    return renderErrorPage(typeof error === 'string' ? error : undefined);
  }
}
