import { type DynamicModule, Module } from '@nestjs/common';
import { healthController } from '@tracker/platform/messaging';
import { ResolveBugRulesController } from './bug-rules/resolve-bug-rules.controller';
import { ResolveBugRulesHandler } from './bug-rules/resolve-bug-rules.handler';
import { CATALOG_OPTIONS, type CatalogOptions } from './catalog.options';
import { CreateClassificationController } from './classifications/create-classification/create-classification.controller';
import { CreateClassificationHandler } from './classifications/create-classification/create-classification.handler';
import { GetClassificationsController } from './classifications/get-classifications/get-classifications.controller';
import { GetClassificationsHandler } from './classifications/get-classifications/get-classifications.handler';
import { UpdateClassificationController } from './classifications/update-classification/update-classification.controller';
import { UpdateClassificationHandler } from './classifications/update-classification/update-classification.handler';
import { IdentityClient } from './collaborators/identity.client';
import { CatalogCommands } from './commands/catalog-commands';
import { CreateComponentController } from './components/create-component/create-component.controller';
import { CreateComponentHandler } from './components/create-component/create-component.handler';
import { UpdateComponentController } from './components/update-component/update-component.controller';
import { UpdateComponentHandler } from './components/update-component/update-component.handler';
import { CreateFieldController } from './fields/create-field/create-field.controller';
import { CreateFieldHandler } from './fields/create-field/create-field.handler';
import { CreateFieldValueController } from './fields/create-field-value/create-field-value.controller';
import { CreateFieldValueHandler } from './fields/create-field-value/create-field-value.handler';
import { GetFieldsController } from './fields/get-fields/get-fields.controller';
import { GetFieldsHandler } from './fields/get-fields/get-fields.handler';
import { LegalValuesController } from './fields/legal-values/legal-values.controller';
import { LegalValuesHandler } from './fields/legal-values/legal-values.handler';
import { UpdateFieldController } from './fields/update-field/update-field.controller';
import { UpdateFieldHandler } from './fields/update-field/update-field.handler';
import { UpdateFieldValueController } from './fields/update-field-value/update-field-value.controller';
import { UpdateFieldValueHandler } from './fields/update-field-value/update-field-value.handler';
import { CatalogInstaller } from './installation/catalog-installer';
import { InstallationGate } from './installation/installation-gate';
import { CreateKeywordController } from './keywords/create-keyword/create-keyword.controller';
import { CreateKeywordHandler } from './keywords/create-keyword/create-keyword.handler';
import { UpdateKeywordController } from './keywords/update-keyword/update-keyword.controller';
import { UpdateKeywordHandler } from './keywords/update-keyword/update-keyword.handler';
import { CreateMilestoneController } from './milestones/create-milestone/create-milestone.controller';
import { CreateMilestoneHandler } from './milestones/create-milestone/create-milestone.handler';
import { UpdateMilestoneController } from './milestones/update-milestone/update-milestone.controller';
import { UpdateMilestoneHandler } from './milestones/update-milestone/update-milestone.handler';
import { CreateProductController } from './products/create-product/create-product.controller';
import { CreateProductHandler } from './products/create-product/create-product.handler';
import { GetProductsController } from './products/get-products/get-products.controller';
import { GetProductsHandler } from './products/get-products/get-products.handler';
import { ProductIdsController } from './products/product-ids/product-ids.controller';
import { ProductIdsHandler } from './products/product-ids/product-ids.handler';
import { UpdateProductController } from './products/update-product/update-product.controller';
import { UpdateProductHandler } from './products/update-product/update-product.handler';
import { catalogReadModel, queryProviders } from './read-model/catalog.read-model';
import { RebuildCatalogController } from './rebuild/rebuild-catalog.controller';
import { RebuildCatalogHandler } from './rebuild/rebuild-catalog.handler';
import { CreateVersionController } from './versions/create-version/create-version.controller';
import { CreateVersionHandler } from './versions/create-version/create-version.handler';
import { UpdateVersionController } from './versions/update-version/update-version.controller';
import { UpdateVersionHandler } from './versions/update-version/update-version.handler';
import { GetWorkflowController } from './workflow/get-workflow/get-workflow.controller';
import { GetWorkflowHandler } from './workflow/get-workflow/get-workflow.handler';
import { UpdateWorkflowController } from './workflow/update-workflow/update-workflow.controller';
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
        GetProductsController,
        ProductIdsController,
        CreateProductController,
        UpdateProductController,
        CreateComponentController,
        UpdateComponentController,
        CreateVersionController,
        UpdateVersionController,
        CreateMilestoneController,
        UpdateMilestoneController,
        GetClassificationsController,
        CreateClassificationController,
        UpdateClassificationController,
        CreateKeywordController,
        UpdateKeywordController,
        GetFieldsController,
        LegalValuesController,
        CreateFieldController,
        UpdateFieldController,
        CreateFieldValueController,
        UpdateFieldValueController,
        GetWorkflowController,
        UpdateWorkflowController,
        RebuildCatalogController,
        ResolveBugRulesController,
      ],
      providers: [
        { provide: CATALOG_OPTIONS, useValue: options },
        ...queryProviders,
        CatalogCommands,
        IdentityClient,
        InstallationGate,
        CatalogInstaller,
        GetProductsHandler,
        ProductIdsHandler,
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
    };
  }
}
