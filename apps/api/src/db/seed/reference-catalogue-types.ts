export interface CatalogueSubTypeSeed {
  name: string;
  description: string;
  technologies: string[];
}

export interface CatalogueProjectTypeSeed {
  name: string;
  description: string;
  technologies: string[];
  subTypes: CatalogueSubTypeSeed[];
}

export interface CatalogueCategorySeed {
  name: string;
  description: string;
  projectTypes: CatalogueProjectTypeSeed[];
}
