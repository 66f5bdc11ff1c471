import { geoPath, type GeoPermissibleObjects, type GeoProjection } from 'd3-geo';

type Point = [x: number, y: number];

/** Twice the ring's signed area (shoelace), in square pixels. */
function doubleArea(ring: Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    sum += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  return sum;
}

/** "M120,45l3,-2 4,1…z": one absolute move, then whole-pixel steps. */
function encode(ring: Point[]): string {
  const [first, ...rest] = ring;
  let [x, y] = first!;
  const steps = rest.map(([px, py]) => {
    const step = `${px - x},${py - y}`;
    x = px;
    y = py;
    return step;
  });
  return `M${first![0]},${first![1]}l${steps.join(' ')}z`;
}

/**
 * SVG path data of a shape drawn small, in whole pixels, leaving out what cannot be seen at
 * that size: a point closer than `tolerance` px to the last one kept, and a ring (an island,
 * a lake) smaller than `minArea` square pixels. The boundary data is detailed enough for a
 * map of the whole country; a 320-pixel state keeps a few hundred of its points.
 */
export function pixelPath(
  projection: GeoProjection,
  shape: GeoPermissibleObjects,
  minArea = 4,
  tolerance = 1.5,
): string {
  const rings: string[] = [];
  let ring: Point[] = [];
  const close = () => {
    if (ring.length >= 3 && Math.abs(doubleArea(ring)) / 2 >= minArea) rings.push(encode(ring));
    ring = [];
  };
  geoPath(projection, {
    beginPath() {},
    arc() {},
    moveTo(x, y) {
      close();
      ring.push([Math.round(x), Math.round(y)]);
    },
    lineTo(x, y) {
      const last = ring[ring.length - 1];
      const point: Point = [Math.round(x), Math.round(y)];
      if (!last || Math.hypot(point[0] - last[0], point[1] - last[1]) >= tolerance)
        ring.push(point);
    },
    closePath: close,
  })(shape);
  close();
  return rings.join('');
}
