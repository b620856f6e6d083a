export { openCatalogue, type Catalogue, type CatalogueOptions } from './catalogue';
export { isValidVinFormat, InvalidVinFormatError } from './vin';
export type { CatalogueLogger } from './prepare-catalogue-file';
export type { VpicAnswer, VpicMake, VpicModel, VpicTrim, VpicVinDecodeResult } from './vpic-answers';
