// The front door: what other modules may use of this one. Generated from their imports by
// /work/tools/front-doors.ts (re-run it after adding an import; do not edit by hand).

export { createGenerationModule } from './generation.module.ts';
