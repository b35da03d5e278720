import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { API_DOCS_INITIALIZER, API_DOCS_PAGE, SWAGGER_UI_DIR, SWAGGER_UI_FILES } from './api-docs.assets';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.document';

const HOUR_S = 3600;

/** `/api/docs.json`, the OpenAPI document of the API, and `/api/docs`, the page that shows it (Swagger UI). */
@Controller('api')
export class ApiDocsHttpController {
  private readonly document = buildOpenApiDocument();

  @Get('docs.json')
  @Header('Cache-Control', 'no-cache')
  openApiDocument(): OpenApiDocument {
    return this.document;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  page(): string {
    return API_DOCS_PAGE;
  }

  @Get('docs/assets/api-docs.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  initializer(): string {
    return API_DOCS_INITIALIZER;
  }

  @Get('docs/assets/:file')
  asset(@Param('file') file: string, @Res() res: Response): void {
    const type = Object.hasOwn(SWAGGER_UI_FILES, file) ? SWAGGER_UI_FILES[file] : undefined;
    if (!type) throw new NotFoundException(`No such file: ${file}`);
    res.type(type).sendFile(file, { root: SWAGGER_UI_DIR, maxAge: HOUR_S * 1000 });
  }
}
