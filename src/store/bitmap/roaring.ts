/** The roaring package is CommonJS: Node's ESM loader gives it only as a default export. */
import roaring from 'roaring';

export const { RoaringBitmap32 } = roaring;
export type RoaringBitmap32 = InstanceType<typeof RoaringBitmap32>;
