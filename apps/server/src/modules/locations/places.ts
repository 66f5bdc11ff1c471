// The gazetteer's record shapes, apart from the index so the pieces that build it can share them.
export type ZipRecord = {
  zip: string;
  /** The post office's name. */
  city: string;
  stateId: string;
  stateName: string;
  /** Display form, e.g. "Travis County", "Orleans Parish", "Baltimore City". */
  county: string;
  latitude: number;
  longitude: number;
};

export type Place = {
  /** `${state}|${county}|${name}`, normalised: stable for a given dataset. */
  key: string;
  city: string;
  /** `compactName` of the city, the lookup form. */
  cityId: string;
  stateId: string;
  stateName: string;
  /** The county of the place's centre (display form). */
  county: string;
  /** Every county a County column may name for it (lookup forms), the centre's first. */
  counties: Array<{ name: string; id: string }>;
  /** Other counties the place reaches into, by its ZIPs (display form). */
  otherCounties: string[];
  /** Its post office's ZIPs and those lying within its reach, sorted. */
  zips: string[];
  latitude: number;
  longitude: number;
  /** Null for a place known only from post-office names. */
  population: number | null;
  source: 'place' | 'section' | 'post-office';
};

/**
 * What a row resolves to: a place of the data, or one the customer named that the data lacks
 * (a township it does not list), kept under their name; that one has no population, and a
 * map position only when its row gives a ZIP.
 */
export type RowPlace = Omit<Place, 'latitude' | 'longitude' | 'source'> & {
  latitude: number | null;
  longitude: number | null;
  source: Place['source'] | 'customer';
};
