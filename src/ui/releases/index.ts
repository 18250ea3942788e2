// "Which releases" and the changelog of the tool layer (the views load their data when opened).
export { ReleasesMenu } from './ReleasesMenu';
export { SweepController } from '../controller/sweep';
