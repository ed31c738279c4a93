import { useEffect, useRef, useState } from 'react';
import { TextAreaField } from '../../components/text-area-field';
import { metadataText, parseMetadata } from '../../lib/organization-metadata';

/**
 * The organization's metadata as JSON. What is not a JSON object is refused by the browser's own validation (a
 * custom validity), so the form shows it at the field like any other browser check and sends nothing.
 */
export function MetadataField({ stored, error }: { stored: unknown; error?: string }) {
  const [text, setText] = useState(() => metadataText(stored));
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const input = parseMetadata(text);
    field.current?.setCustomValidity(input.ok ? '' : input.reason);
  }, [text]);
  return (
    <TextAreaField
      ref={field}
      label="Metadata"
      name="metadata"
      rows={4}
      spellCheck={false}
      value={text}
      onChange={(event) => setText(event.target.value)}
      hint='A JSON object, for example {"plan": "pro"}; leave it empty for none.'
      error={error}
    />
  );
}

/** The metadata to send from the settings form's values (the browser has already refused anything else). */
export function metadataOf(values: FormData): Record<string, unknown> | undefined {
  const input = parseMetadata(String(values.get('metadata') ?? ''));
  return input.ok ? input.value : undefined;
}
