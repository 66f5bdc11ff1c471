import { useId, useMemo } from 'react';
import type { MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAP_STATUSES } from '@cityforge/shared';
import type { TLeanProjectDetail, TMapStatus, TProjectMap } from '@cityforge/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card';
import { Skeleton } from '../../../../components/ui/skeleton';
import { useProjectMap } from '../../api/get-project-map';
import type { MapDrawing } from '../../map-drawing';
import { MAP_STATUS_STYLE, markRadius, markTitle, offMapNote, statusCounts } from '../../map-marks';
import { cityLinks } from '../../structure';
import { cn } from '../../../../lib/cn';

/**
 * d3-geo, topojson and the boundary file load with the first map, not with the app. The
 * drawer is kept for the visit: every project's map draws on the same outlines.
 */
async function loadDrawer() {
  const drawing = await import('../../map-drawing');
  const atlas = await drawing.loadAtlas();
  return { draw: (map: TProjectMap) => drawing.drawProjectMap(map, atlas) };
}

/**
 * The map's box, loading or drawn (the drawing centred in it): the same at every width, so
 * nothing below moves when the map comes. 8:5 is the frame the drawing is fitted in.
 */
const MAP_BOX = 'aspect-[8/5] max-h-[32rem] w-full';

function MapPicture({
  drawing,
  describedBy,
  onOpen,
}: {
  drawing: MapDrawing;
  describedBy: string;
  onOpen: (cityId: string) => void;
}) {
  const radius = markRadius(drawing.marks.length);
  // One listener for every mark: a big project has thousands.
  function open(event: MouseEvent<SVGGElement>) {
    const mark = (event.target as Element).closest('[data-city-id]');
    const id = mark?.getAttribute('data-city-id');
    if (id) onOpen(id);
  }
  return (
    // One image with one name, as the list below is the way through the cities by keyboard
    // or screen reader: marks inside an image are not announced, and a focus stop per city
    // would be thousands.
    <svg
      role="img"
      aria-label="Map of the project's cities"
      aria-describedby={describedBy}
      viewBox={drawing.viewBox}
      data-testid="project-map"
      className={cn(MAP_BOX, '[&_path]:[vector-effect:non-scaling-stroke]')}
    >
      <g stroke="#d4d4d8" strokeWidth={0.75} strokeLinejoin="round">
        {drawing.states.map((s) => (
          <path key={s.id} d={s.d} fill={s.used ? '#ffffff' : '#f4f4f5'} />
        ))}
      </g>
      <g fill="#e0f2fe" stroke="#7dd3fc" strokeWidth={0.75} strokeLinejoin="round">
        {drawing.counties.map((c) => (
          <path key={c.id} d={c.d} data-county={c.name} />
        ))}
      </g>
      <g fill="none" stroke="#71717a" strokeWidth={1.25} strokeLinejoin="round">
        {drawing.states
          .filter((s) => s.used)
          .map((s) => (
            <path key={s.id} d={s.d} data-state={s.name} />
          ))}
      </g>
      <g stroke="#ffffff" strokeWidth={radius / 4} onClick={open} className="cursor-pointer">
        {drawing.marks.map((m) => (
          <circle
            key={m.id}
            cx={m.x}
            cy={m.y}
            r={radius}
            fill={MAP_STATUS_STYLE[m.status].colour}
            data-city-id={m.id}
            data-status={m.status}
            className="hover:stroke-zinc-950"
          >
            <title>{markTitle(m.name, m.state, m.status)}</title>
          </circle>
        ))}
      </g>
    </svg>
  );
}

/**
 * The count of cities of each status. While the map loads, its items are there with their
 * counts to come: the legend wraps as it will, so the tree below does not move when it comes.
 */
function MapLegend({
  id,
  counts,
}: {
  id: string;
  counts: { status: TMapStatus; count: number }[] | null;
}) {
  const items = counts ?? MAP_STATUSES.map((status) => ({ status, count: null }));
  return (
    <ul
      id={id}
      aria-label="Map legend"
      aria-busy={!counts}
      className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-zinc-700"
    >
      {items.map(({ status, count }) => (
        <li key={status} className="flex items-center gap-1.5" data-testid="map-legend-item">
          <svg viewBox="0 0 10 10" className="size-3" aria-hidden="true">
            <circle cx={5} cy={5} r={5} fill={MAP_STATUS_STYLE[status].colour} />
          </svg>
          {MAP_STATUS_STYLE[status].label}:{' '}
          {count === null ? (
            <Skeleton className="h-3.5 w-4" />
          ) : (
            <span className="tabular-nums">{count.toLocaleString('en-US')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The project's cities on a map of its states and counties, one dot per city coloured by its
 * status; a dot opens its city's preview in a new tab, like the row's Preview link.
 */
export function ProjectMap({ project }: { project: TLeanProjectDetail }) {
  const map = useProjectMap(project);
  const drawer = useQuery({
    queryKey: ['us-map'],
    queryFn: loadDrawer,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const legendId = useId();
  const drawing = useMemo(
    () => (drawer.data && map.data ? drawer.data.draw(map.data) : null),
    [drawer.data, map.data],
  );
  const counts = map.data ? statusCounts(map.data.cities) : null;
  const note = drawing ? offMapNote(drawing.unplaced, drawing.outside) : null;
  const failed = map.isError || drawer.isError;

  function openCity(cityId: string) {
    window.open(cityLinks(project.id, cityId).preview, '_blank', 'noopener');
  }

  return (
    <Card>
      <CardHeader
        headingLevel={3}
        title="Map"
        description="Each dot is a city page, coloured by its status. Click one to preview it."
      />
      <CardBody className="space-y-3">
        {failed ? (
          <Alert
            variant="error"
            title="The map could not be loaded."
            action={
              <Button
                size="sm"
                variant="outline"
                onClick={() => void (map.isError ? map.refetch() : drawer.refetch())}
              >
                Try Again
              </Button>
            }
          >
            {(map.error ?? drawer.error)?.message}
          </Alert>
        ) : drawing ? (
          <MapPicture drawing={drawing} describedBy={legendId} onOpen={openCity} />
        ) : (
          <div role="status" aria-label="Loading the map">
            <Skeleton className={MAP_BOX} />
          </div>
        )}
        {failed && !counts ? null : <MapLegend id={legendId} counts={counts} />}
        {note ? (
          <p className="text-sm text-zinc-500" data-testid="map-off-note">
            {note}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
