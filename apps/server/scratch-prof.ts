import { getGeoIndex } from './src/modules/locations/geography-index.ts';
const t = performance.now();
getGeoIndex();
console.log('index', (performance.now() - t).toFixed(0), 'ms');
