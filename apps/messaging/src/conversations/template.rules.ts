import { MessageErrors, TEMPLATE_CATEGORIES, type TemplateParams } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

/** An approved template: a name, a language, a known category, string parameters. */
function assertTemplateParams(params: TemplateParams): void {
  const problems: string[] = [];
  if (typeof params.name !== 'string' || !params.name.trim()) problems.push('template_params.name is required');
  if (typeof params.language !== 'string' || !params.language.trim())
    problems.push('template_params.language is required');
  if (params.category !== undefined && !TEMPLATE_CATEGORIES.includes(params.category)) {
    problems.push(`template_params.category must be one of ${TEMPLATE_CATEGORIES.join(', ')}`);
  }
  const values = params.processed_params;
  if (
    values !== undefined &&
    (typeof values !== 'object' || values === null || Object.values(values).some((value) => typeof value !== 'string'))
  ) {
    problems.push('template_params.processed_params must map placeholder numbers to strings');
  }
  if (problems.length)
    throw new DomainError(MessageErrors.templateInvalid, `Invalid template: ${problems.join('; ')}`, [
      'template_params',
    ]);
}

/**
 * The text of a template message (the opening one of a conversation or a later one): the
 * parameters checked, `{{1}}`, `{{2}}`, … of `content` replaced with the processed parameters.
 */
export function templateContent(content: string | null | undefined, params: TemplateParams): string {
  assertTemplateParams(params);
  return (content ?? '').replace(
    /\{\{\s*(\d+)\s*\}\}/g,
    (whole, index: string) => params.processed_params?.[index] ?? whole,
  );
}
