// The US boundary map's geometry, kept out of the package's main entry: it pulls in d3-geo and
// topojson-client, which the web app loads only with the map (and the site's hub pages use).
export * from './fips.ts';
export * from './atlas.ts';
