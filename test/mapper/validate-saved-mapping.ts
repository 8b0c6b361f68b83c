import { runValidate } from '../../src/pipeline/run-validate.js';
import type { TemplateSource } from '../../src/pipeline/job/fetch-template.js';

/** `validate`'s summary (less `stoppedBy`) of the mapping a session saved as `m.yaml` in `dir`, on `input`. */
export async function validateSavedMapping(dir: string, input: string, template: TemplateSource) {
  const validated = await runValidate(
    {
      mappingFile: 'm.yaml',
      inputs: [input],
      cwd: dir,
      methodsWidth: 3,
      maxErrors: undefined,
      errorsFile: undefined,
      htmlFile: undefined,
      version: 'test',
    },
    { template },
  );
  const { stoppedBy: _none, ...summary } = validated.summary;
  return summary;
}
