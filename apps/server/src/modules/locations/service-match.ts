/** Which of the project's services a sheet's Services cell names (the rule both sides share). */
export {
  offeredServices,
  serviceMatcher,
  unknownServices,
  type ProjectService,
} from '@cityforge/shared';
