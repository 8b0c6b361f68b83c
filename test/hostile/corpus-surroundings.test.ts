import { CORPUS, runCorpus } from './corpus.js';

// The corpus' second half (see corpus.ts); its first is corpus-inputs.test.ts.
runCorpus(CORPUS.surroundings);
