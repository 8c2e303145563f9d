import { type DynamicModule, Module } from '@nestjs/common';
import { commandProviders } from '@tracker/platform/command-handler';
import { healthController } from '@tracker/platform/messaging';
import { ResolveBugRulesHandler } from './bug-rules/resolve-bug-rules.handler';
import { CATALOG_OPTIONS, type CatalogOptions } from './catalog.options';
import { CreateClassificationHandler } from './classifications/create-classification/create-classification.handler';
import { GetClassificationsHandler } from './classifications/get-classifications/get-classifications.handler';
import { UpdateClassificationHandler } from './classifications/update-classification/update-classification.handler';
import { IdentityClient } from './collaborators/identity.client';
import { CreateComponentHandler } from './components/create-component/create-component.handler';
import { UpdateComponentHandler } from './components/update-component/update-component.handler';
import { CreateFieldHandler } from './fields/create-field/create-field.handler';
import { CreateFieldValueHandler } from './fields/create-field-value/create-field-value.handler';
import { GetFieldsHandler } from './fields/get-fields/get-fields.handler';
import { LegalValuesHandler } from './fields/legal-values/legal-values.handler';
import { UpdateFieldHandler } from './fields/update-field/update-field.handler';
import { UpdateFieldValueHandler } from './fields/update-field-value/update-field-value.handler';
import { CatalogInstaller } from './installation/catalog-installer';
import { InstallationGate } from './installation/installation-gate';
import { CreateKeywordHandler } from './keywords/create-keyword/create-keyword.handler';
import { UpdateKeywordHandler } from './keywords/update-keyword/update-keyword.handler';
import { CreateMilestoneHandler } from './milestones/create-milestone/create-milestone.handler';
import { UpdateMilestoneHandler } from './milestones/update-milestone/update-milestone.handler';
import { AdministeredProductsHandler } from './products/administered-products/administered-products.handler';
import { CreateProductHandler } from './products/create-product/create-product.handler';
import { GetProductsHandler } from './products/get-products/get-products.handler';
import { ProductIdsHandler } from './products/product-ids/product-ids.handler';
import { UpdateProductHandler } from './products/update-product/update-product.handler';
import { RebuildCatalogHandler } from './read-model-admin/rebuild-catalog.handler';
import { catalogReadModel, queryProviders } from './read-model/catalog.read-model';
import { CreateVersionHandler } from './versions/create-version/create-version.handler';
import { UpdateVersionHandler } from './versions/update-version/update-version.handler';
import { GetWorkflowHandler } from './workflow/get-workflow/get-workflow.handler';
import { UpdateWorkflowHandler } from './workflow/update-workflow/update-workflow.handler';

/** The catalog service: products and what is inside them, bug fields, keywords, the status workflow. */
@Module({})
export class CatalogModule {
  static forRoot(options: CatalogOptions): DynamicModule {
    return {
      module: CatalogModule,
      imports: [catalogReadModel],
      controllers: [
        healthController('catalog'),
        GetProductsHandler,
        ProductIdsHandler,
        AdministeredProductsHandler,
        CreateProductHandler,
        UpdateProductHandler,
        CreateComponentHandler,
        UpdateComponentHandler,
        CreateVersionHandler,
        UpdateVersionHandler,
        CreateMilestoneHandler,
        UpdateMilestoneHandler,
        GetClassificationsHandler,
        CreateClassificationHandler,
        UpdateClassificationHandler,
        CreateKeywordHandler,
        UpdateKeywordHandler,
        GetFieldsHandler,
        LegalValuesHandler,
        CreateFieldHandler,
        UpdateFieldHandler,
        CreateFieldValueHandler,
        UpdateFieldValueHandler,
        GetWorkflowHandler,
        UpdateWorkflowHandler,
        RebuildCatalogHandler,
        ResolveBugRulesHandler,
      ],
      providers: [
        { provide: CATALOG_OPTIONS, useValue: options },
        ...queryProviders,
        ...commandProviders(),
        IdentityClient,
        InstallationGate,
        CatalogInstaller,
      ],
    };
  }
}
