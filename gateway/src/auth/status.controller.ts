import { Controller, Get, Header, Query } from '@nestjs/common';
import { AUTH_BASE_PATH } from './auth-base-path.js';
import { ERROR_PAGE_POLICY, renderErrorPage } from './error-page.js';

@Controller(AUTH_BASE_PATH)
export class StatusController {
  @Get('ok')
  ok(): { ok: true } {
    return { ok: true };
  }

  @Get('error')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', ERROR_PAGE_POLICY)
  error(@Query('error') error: unknown): string {
    return renderErrorPage(typeof error === 'string' ? error : undefined);
  }
}
