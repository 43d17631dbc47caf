import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

// US state outlines (us-atlas, unprojected longitude/latitude) as GeoJSON. The atlas is a chunk of
// its own, fetched only when a map opens, and converted once.
let outlines: Promise<FeatureCollection> | null = null;

export function loadStateOutlines(): Promise<FeatureCollection> {
  outlines ??= import('us-atlas/states-10m.json')
    .then((mod) => {
      const atlas = (mod.default ?? mod) as unknown as Topology<{ states: GeometryCollection }>;
      return feature(atlas, atlas.objects.states) as FeatureCollection;
    })
    .catch((err: unknown) => {
      outlines = null; // a failed chunk load may succeed on the next map
      throw err;
    });
  return outlines;
}
