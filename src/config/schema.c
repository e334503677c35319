/* schema.c: lookups in the registry of family schemas (config/schema.h). */
#include "config/schema.h"

#include <stdio.h>
#include <string.h>

const struct config_schema *config_schema_find(const char *name)
{
	for (size_t i = 0; config_schemas[i]; i++)
		if (strcmp(config_schemas[i]->name, name) == 0)
			return config_schemas[i];
	return NULL;
}

char *config_schema_names(char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (size_t i = 0; config_schemas[i] && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "",
					config_schemas[i]->name);
	return buf;
}
