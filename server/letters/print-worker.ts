// The print worker's entry: fills templates posted to it (print-fill.ts).
import { serveJobs } from '../workers/worker-jobs';
import { fillTemplate } from './print-fill';

serveJobs(fillTemplate);
