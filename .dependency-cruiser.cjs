/**
 * The layers of ARCHITECTURE.md as rules: no cycle, and no module imports a layer above its own or a
 * sibling folder of its own layer. Bottom to top; a folder may import its own files and any lower layer.
 * The command line reaches the stages only through the pipeline (its `render/` reads their types),
 * and the ledger's storage is reached only through its entry point. Inside the pipeline only
 * pipeline/job reads a mapping or gets a template, through one loadJob, one loader per layout.
 */
const LAYERS = [
  ['errors'],
  ['util'],
  ['config', 'template', 'sources'],
  ['ledger'],
  ['validate', 'platform'],
  ['mapping', 'workbook', 'report'],
  ['upload'],
  ['pipeline'],
  ['mapper'],
  ['cli'],
];

const folder = (names) => `^src/(${names.join('|')})/`;

const layerRules = LAYERS.flatMap((layer, level) =>
  layer.map((name) => {
    const forbidden = LAYERS.flatMap((other, otherLevel) =>
      otherLevel > level ? other : otherLevel === level ? other.filter((o) => o !== name) : [],
    );
    return {
      name: `layer-${name}`,
      comment: `src/${name} may import only its own files and the layers below it (ARCHITECTURE.md)`,
      severity: 'error',
      from: { path: folder([name]) },
      to: { path: folder(forbidden) },
    };
  }),
).filter((rule) => rule.to.path !== '^src/()/');

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'a cycle makes two modules one; move what both need below them',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'ledger-through-entry',
      comment: 'src/ledger is one unit: other folders import only its entry point, src/ledger/ledger.ts',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/ledger/' },
      to: { path: '^src/ledger/', pathNot: '^src/ledger/ledger\\.ts$' },
    },
    {
      name: 'job-reads-mappings',
      comment: 'in src/pipeline only pipeline/job reads a mapping: every command loads its job through loadJob',
      severity: 'error',
      from: { path: '^src/pipeline/', pathNot: '^src/pipeline/job/' },
      to: { path: '^src/mapping/load/load-mapping\\.ts$' },
    },
    {
      name: 'job-fetches-templates',
      comment: 'in src/pipeline only pipeline/job gets a template (file, cache): the rest call job/fetch-template.ts',
      severity: 'error',
      from: { path: '^src/pipeline/', pathNot: '^src/pipeline/job/' },
      to: { path: '^src/template/(template-cache|parse-template)\\.ts$' },
    },
    {
      name: 'job-through-load-job',
      comment: "a layout's loader and the mapping check are reached through loadJob (pipeline/job/load-job.ts)",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/pipeline/job/' },
      to: { path: '^src/pipeline/job/(load-[a-z-]+-job|check-mapping-(file|text))\\.ts$' },
    },
    {
      name: 'no-layout-cross-imports',
      comment: "no layout's loader calls another's: a shared step is a helper in pipeline/job that both import",
      severity: 'error',
      from: { path: '^src/pipeline/job/load-([a-z-]+)-job\\.ts$' },
      to: { path: '^src/pipeline/job/load-[a-z-]+-job\\.ts$', pathNot: '^src/pipeline/job/load-$1-job\\.ts$' },
    },
    {
      name: 'cli-through-pipeline',
      comment: 'the command line composes nothing itself: the stages are reached through src/pipeline',
      severity: 'error',
      from: { path: '^src/cli/', pathNot: '^src/cli/render/' },
      to: { path: folder(['sources', 'ledger', 'mapping', 'validate', 'upload', 'report', 'workbook', 'template', 'platform']) },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'], conditionNames: ['import', 'require', 'node', 'default'] },
    exclude: { path: '^(dist|node_modules)/' },
  },
};
