import type { ChangeEvent } from 'react';
import type { FieldSpec } from '../lib/forms.ts';

interface FormFieldProps {
  field: FieldSpec;
  id: string;
  label: string;
  value: string;
  onChange(name: string, value: string): void;
  /** What the field means to an AI agent when its form is a WebMCP tool (toolparamdescription). */
  toolParam?: string;
}

/**
 * One labelled input. The asterisk is hidden from assistive technology,
 * which hears "required" from the attribute instead (and nothing for the
 * demo's last name, whose star the spec shows without a required check).
 */
export function FormField({ field, id, label, value, onChange, toolParam }: FormFieldProps) {
  const common = {
    ...(toolParam === undefined ? {} : { toolparamdescription: toolParam } as Record<string, string>),
    id,
    name: field.name,
    value,
    required: field.required,
    autoComplete: field.autoComplete,
    className: 'field__input',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(field.name, event.target.value),
  };
  return (
    <div className={field.multiline ? 'field field--wide' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {field.star && <span className="field__star" aria-hidden="true">*</span>}
      </label>
      {field.multiline
        ? <textarea {...common} rows={5} />
        : <input {...common} type="text" inputMode={field.inputMode} {...(field.inputMode ? { autoCapitalize: 'none', spellCheck: false } : {})} />}
    </div>
  );
}
