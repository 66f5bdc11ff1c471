// The server's entry. The resolve hooks go in before the server's module graph is loaded
// (a static import of serve.ts would be resolved before any code here runs).
import { enableCompileCache } from 'node:module';
import './resolve-hooks.ts';

// Node keeps the compiled code of the server's modules on disk (os.tmpdir()/node-compile-cache;
// NODE_COMPILE_CACHE moves it), so every start after the first skips compiling them
// (docs/decisions.md, "Node's compile cache for the server's start").
enableCompileCache();
await import('./serve.ts');
