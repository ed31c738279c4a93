import { describe, expect, it } from '@jest/globals';
import { metadataText, parseMetadata } from './organization-metadata';

describe('parseMetadata', () => {
  it('reads a JSON object', () => {
    expect(parseMetadata('{"plan": "pro", "seats": 5}')).toEqual({ ok: true, value: { plan: 'pro', seats: 5 } });
  });

  it('reads an empty field as no metadata', () => {
    expect(parseMetadata('  \n')).toEqual({ ok: true, value: {} });
  });

  it('refuses text that is not JSON', () => {
    const input = parseMetadata("{plan: 'pro'}");
    expect(input.ok).toBe(false);
    expect(!input.ok && input.reason).toMatch(/not valid JSON/);
  });

  it.each(['[1, 2]', '"pro"', '42', 'null', 'true'])('refuses %s, which is JSON but no object', (text) => {
    const input = parseMetadata(text);
    expect(!input.ok && input.reason).toMatch(/must be a JSON object/);
  });
});

describe('metadataText', () => {
  it('shows JSON text (as get-full-organization answers) indented', () => {
    expect(metadataText('{"plan":"pro"}')).toBe('{\n  "plan": "pro"\n}');
  });

  it('shows an object (as update answers) the same way', () => {
    expect(metadataText({ plan: 'pro' })).toBe(metadataText('{"plan":"pro"}'));
  });

  it('shows no metadata as an empty field', () => {
    for (const stored of [null, undefined, '', '{}', {}]) expect(metadataText(stored)).toBe('');
  });

  it('keeps text that is not JSON as it is', () => {
    expect(metadataText('plan=pro')).toBe('plan=pro');
  });

  it('reads back what it shows', () => {
    const stored = { plan: 'pro', limits: { seats: 5 } };
    expect(parseMetadata(metadataText(stored))).toEqual({ ok: true, value: stored });
  });
});
