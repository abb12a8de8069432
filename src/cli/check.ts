import { buildSiteFiles } from '../build.ts';
import { loadConfig } from '../config/load.ts';
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from '../diagnostics.ts';
import { printFailure } from './report.ts';

/** `egdocs check`: build in memory, print every warning, exit 1 when there is any. */
export async function runCheck(options: { configFile: string; format: 'text' | 'json' | 'github' }): Promise<number> {
  try {
    const config = await loadConfig({ configFile: options.configFile });
    const result = await buildSiteFiles({ config });
    const list = sortDiagnostics(result.diagnostics);
    print(list, options.format);
    return list.length > 0 ? 1 : 0;
  } catch (error) {
    printFailure(error);
    return 1;
  }
}

function print(list: Diagnostic[], format: 'text' | 'json' | 'github'): void {
  if (format === 'json') {
    console.log(JSON.stringify(list, null, 2));
    return;
  }
  if (format === 'github') {
    for (const d of list) {
      const where = d.location ? `file=${d.location.file}${d.location.line ? `,line=${d.location.line}` : ''}${d.location.column ? `,col=${d.location.column}` : ''}` : '';
      console.log(`::${d.severity === 'error' ? 'error' : 'warning'} ${where}::${(d.hint ? `${d.message}; ${d.hint}` : d.message).replace(/%/g, '%25').replace(/\n/g, '%0A')}`);
    }
    return;
  }
  let file: string | undefined;
  for (const d of list) {
    if (d.location?.file !== file) {
      file = d.location?.file;
      console.log(`\n${file ?? '(site)'}`);
    }
    console.log(`  ${formatDiagnostic(d)}`);
  }
  const files = new Set(list.map((d) => d.location?.file)).size;
  console.log(list.length === 0 ? 'No broken links, anchors or images.' : `\n${list.length} warning${list.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`);
}
