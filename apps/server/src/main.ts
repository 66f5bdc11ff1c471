// The server's entry. The resolve hooks go in before the server's module graph is loaded
// (a static import of serve.ts would be resolved before any code here runs).
import './resolve-hooks.ts';

await import('./serve.ts');
