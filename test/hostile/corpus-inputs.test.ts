import { CORPUS, runCorpus } from './corpus.js';

// The corpus' first half (see corpus.ts); its other half is corpus-surroundings.test.ts.
test('every case of the corpus has a name of its own', () => {
  const names = Object.values(CORPUS).flatMap((cases) => cases.map((c) => c.name));
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
});

runCorpus(CORPUS.inputs);
