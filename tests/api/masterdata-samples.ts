// Valid sample input for any resource, derived from its schema: each field kind has a
// sample value; a reference first creates a record of the resource it points to.
import { resourceByName, type Resource } from '../../src/schemas';
import type { ApiClient } from './harness';
import { minimalDocx } from '../../server/seed/correspondence-seed';
import { tinyPng } from './fixtures';

let counter = 0;

/** Text with Arabic ي/ك so that a Persian ی/ک phrase must still find it after normalisation. */
export const sampleText = () => `نمونه ${++counter} كيفيت`;

export async function sampleInput(
  api: ApiClient,
  token: string,
  resource: Resource,
): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const meta = field.meta;
    const key = resource.inputName(name);
    switch (meta.kind) {
      case 'text':
      case 'multiline': {
        // The first sample the field's own rule accepts: free text, digits, a mobile, an e-mail, an address.
        const candidates = [
          sampleText(),
          '02188776655',
          // A new mobile each time: a person's is unique.
          `0913${String(1_000_000 + counter++).slice(-7)}`,
          'info@example.ir',
          'https://example.ir/page',
        ];
        input[key] = candidates.find((candidate) => field.schema.safeParse(candidate).success);
        break;
      }
      case 'number':
        input[key] = 7;
        break;
      case 'money':
        input[key] = 1_250_000;
        break;
      case 'boolean':
        input[key] = true;
        break;
      case 'date':
        input[key] = '2025-03-20';
        break;
      case 'enum':
        input[key] = meta.options?.[0]?.id;
        break;
      case 'tags':
        input[key] = ['برچسب'];
        break;
      case 'password':
        input[key] = 'secret-123';
        break;
      case 'stringList': {
        // The first value the field's choice list offers (e.g. an existing role name).
        const choices = meta.choicesFrom
          ? (await api.get(meta.choicesFrom, {}, { token })).body.records
          : undefined;
        input[key] = choices?.length ? [choices[0].id] : [sampleText()];
        break;
      }
      case 'image': {
        // Uploaded first, as the screens do; the record stores the answered path.
        const uploaded = await api.post(meta.uploadPath!, { File: tinyPng().toString('base64') }, { token });
        input[key] = uploaded.body.fullPath;
        break;
      }
      case 'file':
        // The only uploads yet are letter templates: a generated Word document.
        input[key] = new File([new Uint8Array(minimalDocx(['نمونه {subject}']))], 'sample.docx');
        break;
      case 'reference':
      case 'references': {
        if (!field.schema.safeParse(undefined).success || meta.kind === 'references') {
          const target = resourceByName(meta.resource!)!;
          const id = await createSample(api, token, target);
          input[key] = meta.kind === 'references' ? [id] : id;
        }
        break;
      }
      default:
        break;
    }
  }
  return input;
}

export async function createSample(api: ApiClient, token: string, resource: Resource): Promise<number> {
  const result = await api.post(`${resource.name}/create/`, await sampleInput(api, token, resource), {
    token,
  });
  if (result.body.status !== 1) throw new Error(`could not create a sample ${resource.name}: ${result.text}`);
  return result.body.id as number;
}

/** The Arabic-letter form of a text, as typed on a keyboard with an Arabic layout. */
export const asArabicPhrase = (text: string) => text.replace(/ی/g, 'ي').replace(/ک/g, 'ك');

/**
 * A phrase that must find the record: a searchable text field's sample, or for a resource
 * searched through a reference (an ECE receiver's customer) the referenced record's title;
 * in Arabic letters either way. Undefined when nothing of the record is searchable.
 */
export function searchPhrase(
  resource: Resource,
  input: Record<string, unknown>,
  record: Record<string, unknown>,
): string | undefined {
  const fields = resource.searchFields();
  const text = fields.find(
    (f) =>
      resource.fields[f].meta.kind === 'text' && String(input[resource.inputName(f)]).startsWith('نمونه'),
  );
  if (text) return asArabicPhrase(String(input[resource.inputName(text)]));
  const reference = fields.find((f) => resource.fields[f].meta.kind === 'reference');
  return reference && record[`${reference}Title`]
    ? asArabicPhrase(String(record[`${reference}Title`]))
    : undefined;
}
