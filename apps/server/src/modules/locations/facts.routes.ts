import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locationsApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { CityExport } from './city-export.ts';
import type { FactsService } from './facts.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A place's facts (the facts panel) and the export of every place as a sheet. */
export const factsRoutes: FastifyPluginAsyncZod<{
  factsService: FactsService;
  cityExport: CityExport;
}> = async (app, { factsService: svc, cityExport }) => {
  const docs = { schema: { tags: ['locations'] } };
  app.addHook('onRequest', app.requireUser);

  route(app, locationsApi.cityFacts, docs, async (request) =>
    svc.get(currentUser(request), request.params.id, request.params.cityId),
  );
  route(app, locationsApi.putCityFacts, docs, async (request) =>
    svc.put(currentUser(request), request.params.id, request.params.cityId, request.body),
  );

  route(app, locationsApi.exportCities, docs, async (request, reply) => {
    const user = currentUser(request);
    const csv = request.query.format === 'csv';
    const file = csv
      ? await cityExport.csv(user, request.params.id)
      : await cityExport.xlsx(user, request.params.id);
    return reply
      .header('content-type', csv ? 'text/csv; charset=utf-8' : XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
};
