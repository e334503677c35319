/*
 * test_ui_cfg.c: the explorer's configuration helpers: stepping values
 * (+/-), comparing configurations, the equivalent --set list, and saving
 * with comments kept by splicing edited scalars into the original text
 * (src/config/cfgwalk.c, src/config/save.c, src/ui/cmdline.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/config.h"
#include "config/yaml_load.h"
#include "config/cfgwalk.h"
#include "ui/cmdline.h"
#include "config/save.h"

static const char text[] =
	"# a comment at the top\n"
	"model: multicluster\n"
	"title: 'quoted title'\n"
	"m: 8          # ports\n"
	"clusters:\n"
	"  - {count: 12, n: 1, tau: 0.10}   # first group\n"
	"  - count: 4   # second\n"
	"    n: 3\n"
	"    tau: '0.12'\n"
	"network:\n"
	"  icn1: {a_n: 0.02, a_s: 0.01, bandwidth: 500, flit_bytes: 256}\n"
	"  ecn1: {t_cn: 0.517, t_cs: 0.522}\n"
	"  icn2: {t_cn: 0.517, t_cs: 0.522}\n"
	"traffic:\n"
	"  message_length: 32   # M\n";

static void load(struct config *c, const char *t)
{
	struct diag d;
	char msg[1024];
	config_free(c);   /* cfg holds a configuration or is empty */
	if (config_parse_text(c, t, strlen(t), "t.yaml", NULL, &d) || config_validate(c, &d))
		fail_msg("load: %s", diag_format(&d, msg, sizeof msg));
}

static const struct param *field(const struct config *c, const char *path)
{
	const struct param *p = NULL;
	char buf[64];
	assert_int_equal(param_get_path(c->family->schema.params, config_cbody(c), path, buf, sizeof buf,
					&p), 0);
	return p;
}

static void test_step(void **state)
{
	struct config c = CONFIG_EMPTY;
	char out[64];
	(void)state;
	load(&c, text);
	/* m: even, by 2. */
	assert_int_equal(cfg_step(field(&c, "m"), "8", 1, out, sizeof out), 0);
	assert_string_equal(out, "10");
	assert_int_equal(cfg_step(field(&c, "m"), "8", -1, out, sizeof out), 0);
	assert_string_equal(out, "6");
	/* An integer by 1. */
	assert_int_equal(cfg_step(field(&c, "clusters.0.n"), "1", 1, out, sizeof out), 0);
	assert_string_equal(out, "2");
	/* tau in [0, 1): by 0.01. */
	assert_int_equal(cfg_step(field(&c, "clusters.0.tau"), "0.1", 1, out, sizeof out), 0);
	assert_string_equal(out, "0.11");
	assert_int_equal(cfg_step(field(&c, "clusters.0.tau"), "0", -1, out, sizeof out), 0);
	assert_string_equal(out, "-0.01");    /* the validator refuses it */
	/* A wide real: about 10%, two significant digits. */
	assert_int_equal(cfg_step(field(&c, "network.icn1.bandwidth"), "500", 1, out, sizeof out), 0);
	assert_string_equal(out, "550");
	assert_int_equal(cfg_step(field(&c, "network.icn1.bandwidth"), "500", -1, out, sizeof out), 0);
	assert_string_equal(out, "450");
	assert_int_equal(cfg_step(field(&c, "network.icn1.a_n"), "0.02", 1, out, sizeof out), 0);
	assert_string_equal(out, "0.022");
	assert_int_equal(cfg_step(field(&c, "traffic.message_length"), "32", 1, out, sizeof out), 0);
	assert_string_equal(out, "35");
	/* Enums wrap. */
	assert_int_equal(cfg_step(field(&c, "traffic.pattern"), "uniform", 1, out, sizeof out), 0);
	assert_string_equal(out, "transpose");
	assert_int_equal(cfg_step(field(&c, "traffic.pattern"), "uniform", -1, out, sizeof out), 0);
	assert_string_equal(out, "complement");
	/* No value to step from. */
	assert_int_equal(cfg_step(field(&c, "traffic.theta"), "auto", 1, out, sizeof out), -1);
	assert_non_null(strstr(out, "auto"));
	assert_int_equal(cfg_step(field(&c, "network.icn1.t_cn"), "", 1, out, sizeof out), -1);
	config_free(&c);
}

static void test_diff(void **state)
{
	struct config a = CONFIG_EMPTY, b = CONFIG_EMPTY;
	struct cfg_change ch[8];
	struct diag d;
	bool shrunk;
	(void)state;
	load(&a, text);
	config_free(&b);
	assert_int_equal(config_copy(&b, &a), 0);
	assert_true(cfg_equal(&a, &b));
	assert_int_equal(cfg_diff(&a, &b, ch, 8, &shrunk), 0);
	assert_false(shrunk);
	assert_int_equal(config_set(&b, "clusters.1.tau", "0.5", &d), 0);
	assert_int_equal(config_set(&b, "m", "16", &d), 0);
	assert_false(cfg_equal(&a, &b));
	assert_int_equal(cfg_diff(&a, &b, ch, 8, &shrunk), 2);
	assert_string_equal(ch[0].path, "m");
	assert_string_equal(ch[0].text, "16");
	assert_string_equal(ch[1].path, "clusters.1.tau");
	assert_string_equal(ch[1].text, "0.5");
	/* An appended item: each of its fields. */
	config_free(&b);
	assert_int_equal(config_copy(&b, &a), 0);
	assert_int_equal(config_set(&b, "clusters.2.n", "2", &d), 0);
	assert_int_equal(cfg_diff(&a, &b, ch, 8, &shrunk), 3);
	assert_false(shrunk);
	assert_string_equal(ch[0].path, "clusters.2.count");
	assert_true(ch[0].was_absent);
	/* A removed item cannot be a list of changes. */
	config_free(&b);
	assert_int_equal(config_copy(&b, &a), 0);
	assert_int_equal(param_list_remove(b.family->schema.params, config_body(&b), "clusters", 0, &d), 0);
	cfg_diff(&a, &b, ch, 8, &shrunk);
	assert_true(shrunk);
	assert_false(cfg_equal(&a, &b));
	/* Clearing an optional field. */
	config_free(&b);
	assert_int_equal(config_copy(&b, &a), 0);
	assert_int_equal(cfg_clear(&b, "traffic.message_length", &d), -1);   /* required by a rule */
	assert_true(cfg_equal(&a, &b));
	config_free(&a);
	config_free(&b);
}

static void test_splice_keeps_comments(void **state)
{
	struct config c = CONFIG_EMPTY, back = CONFIG_EMPTY;
	struct diag d;
	char why[256];
	bool lossy;
	(void)state;
	load(&c, text);
	assert_int_equal(config_set(&c, "clusters.0.tau", "0.2", &d), 0);
	assert_int_equal(config_set(&c, "clusters.1.tau", "0.3", &d), 0);
	assert_int_equal(config_set(&c, "m", "16", &d), 0);
	char *out = save_splice(text, strlen(text), &c, &lossy, why, sizeof why);
	assert_non_null(out);
	assert_false(lossy);
	/* Exactly the three values changed; comments, quotes and layout kept. */
	const char *want =
		"# a comment at the top\n"
		"model: multicluster\n"
		"title: 'quoted title'\n"
		"m: 16          # ports\n"
		"clusters:\n"
		"  - {count: 12, n: 1, tau: 0.2}   # first group\n"
		"  - count: 4   # second\n"
		"    n: 3\n"
		"    tau: '0.3'\n"
		"network:\n"
		"  icn1: {a_n: 0.02, a_s: 0.01, bandwidth: 500, flit_bytes: 256}\n"
		"  ecn1: {t_cn: 0.517, t_cs: 0.522}\n"
		"  icn2: {t_cn: 0.517, t_cs: 0.522}\n"
		"traffic:\n"
		"  message_length: 32   # M\n";
	assert_string_equal(out, want);
	load(&back, out);
	assert_true(cfg_equal(&back, &c));
	free(out);
	config_free(&c);
	config_free(&back);
}

static void test_splice_lossy(void **state)
{
	struct config c = CONFIG_EMPTY, back = CONFIG_EMPTY;
	struct diag d;
	char why[256];
	bool lossy;
	(void)state;
	load(&c, text);
	/* A new group is not in the file: a fresh dump, and the reason. */
	assert_int_equal(config_set(&c, "clusters.2.n", "2", &d), 0);
	char *out = save_splice(text, strlen(text), &c, &lossy, why, sizeof why);
	assert_non_null(out);
	assert_true(lossy);
	assert_non_null(strstr(why, "clusters.2"));
	load(&back, out);
	assert_true(cfg_equal(&back, &c));
	free(out);
	/* No original text at all. */
	out = save_splice(NULL, 0, &c, &lossy, why, sizeof why);
	assert_true(lossy);
	free(out);
	/* A deleted group. */
	load(&c, text);
	assert_int_equal(param_list_remove(c.family->schema.params, config_body(&c), "clusters", 0, &d), 0);
	out = save_splice(text, strlen(text), &c, &lossy, why, sizeof why);
	assert_true(lossy);
	assert_non_null(strstr(why, "deleted"));
	free(out);
	config_free(&c);
	config_free(&back);
}

static void test_atomic_save(void **state)
{
	char dir[] = "/tmp/icnx-test-XXXXXX", path[256], err[512], link[256];
	struct stat st;
	size_t len;
	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/sub/dir/p.yaml", dir);
	assert_int_equal(save_atomic(path, "one\n", 4, err, sizeof err), 0);
	char *s = save_read(path, &len);
	assert_string_equal(s, "one\n");
	free(s);
	/* The old mode is kept; a symlink stays a symlink. */
	assert_int_equal(chmod(path, 0640), 0);
	snprintf(link, sizeof link, "%s/link.yaml", dir);
	assert_int_equal(symlink(path, link), 0);
	assert_int_equal(save_atomic(link, "two\n", 4, err, sizeof err), 0);
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0640);
	s = save_read(path, &len);
	assert_string_equal(s, "two\n");
	free(s);
	/* A directory is not overwritten. */
	snprintf(path, sizeof path, "%s/sub", dir);
	assert_int_equal(save_atomic(path, "x", 1, err, sizeof err), -1);
	/* No temporary files left behind. */
	char cmd[512];
	snprintf(cmd, sizeof cmd, "test -z \"$(find %s -name '.*.yaml.*')\" && rm -rf %s", dir, dir);
	assert_int_equal(system(cmd), 0);
}

static void test_quote(void **state)
{
	struct strbuf b;
	(void)state;
	strbuf_init(&b);
	cmdline_quote(&b, "clusters.1.tau=0.3");
	strbuf_puts(&b, " ");
	cmdline_quote(&b, "clusters.*.tau=0");
	strbuf_puts(&b, " ");
	cmdline_quote(&b, "it's");
	assert_string_equal(b.s, "clusters.1.tau=0.3 'clusters.*.tau=0' 'it'\\''s'");
	strbuf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_step),
		cmocka_unit_test(test_diff),
		cmocka_unit_test(test_splice_keeps_comments),
		cmocka_unit_test(test_splice_lossy),
		cmocka_unit_test(test_atomic_save),
		cmocka_unit_test(test_quote),
	};
	return cmocka_run_group_tests_name("ui_cfg", tests, NULL, NULL);
}
