/* cairo 1.16's leaks with a variable font, without tagflow: the blocks Fuzz/lsan.supp and Fuzz/valgrind.supp
 * suppress. It draws one glyph at set axis values, releases every handle and empties cairo's caches, yet LSan
 * reports the face's FT_MM_Var (under cairo_ft_font_face_create_for_ft_face) and the variations string copied by
 * cairo_set_font_options, cairo_scaled_font_create and cairo_font_options_merge.
 *
 *   cc -g -fsanitize=address Fuzz/cairo-variations-leak.c -o /tmp/cairo-variations-leak \
 *       $(pkg-config --cflags --libs cairo freetype2)
 *   ASAN_OPTIONS=fast_unwind_on_malloc=0 /tmp/cairo-variations-leak Tests/TagFlowTextTests/Fonts/TagFlowTest-Opsz.ttf
 */
#include <cairo.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdio.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s VARIABLE-FONT\n", argv[0]); return 2; }
    FT_Library library;
    FT_Face face;
    if (FT_Init_FreeType(&library) || FT_New_Face(library, argv[1], 0, &face)) return 1;
    cairo_font_face_t *font_face = cairo_ft_font_face_create_for_ft_face(face, FT_LOAD_NO_HINTING);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_variations(options, "wght=600");
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64);
    cairo_t *cr = cairo_create(surface);
    cairo_set_font_face(cr, font_face);
    cairo_set_font_options(cr, options);
    cairo_set_font_size(cr, 14);
    cairo_glyph_t glyph = {FT_Get_Char_Index(face, 'D'), 8, 32};
    cairo_show_glyphs(cr, &glyph, 1);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    cairo_font_options_destroy(options);
    cairo_font_face_destroy(font_face);
    cairo_debug_reset_static_data(); /* drops cairo's caches, so its faces and scaled fonts are finished */
    FT_Done_Face(face);
    FT_Done_FreeType(library);
    return 0;
}
