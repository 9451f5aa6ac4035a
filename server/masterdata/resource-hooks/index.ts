// Resource-specific hooks, one file per resource that needs them (see ../hooks.ts).
// Each file calls registerHooks(...) when imported; add one import line per file.
import './andikator';
import './template';
import './eceemail';
import './person';
export {};
