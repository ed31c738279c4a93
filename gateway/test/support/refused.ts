/** What a refused request answers: its status and the catalogue code (the body may say more). */
export const refused = (status: number, code: string) => ({ status, body: expect.objectContaining({ code }) });
