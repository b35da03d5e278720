import url from './capture.worklet.ts?worker&url';

/** Where the capture processor is served from (a file of its own, from the app's origin). */
export const CAPTURE_WORKLET_URL: string = url;
