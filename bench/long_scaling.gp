# Long-string scaling: time per code point against N, log-log, one line per
# implementation.  Input: results/long-<impl>.dat written by report.py.
# gnuplot -e "dir='bench/results'; out='bench/long_scaling.png'" bench/long_scaling.gp
if (!exists("dir")) dir = 'results'
if (!exists("out")) out = 'long_scaling.png'
set terminal pngcairo size 1200,520 enhanced font 'DejaVu Sans,10'
set output out
set logscale xy
set format x '2^{%L}'
set format y '10^{%L}'
set xlabel 'N (code points in the string)'
set ylabel 'ns per code point (median)'
set grid xtics ytics mytics
set key top left
set xrange [700:1.5e6]
set yrange [1:1e6]
set style line 1 lc rgb '#1b9e77' lw 2.5 pt 7 ps 1.2
set style line 2 lc rgb '#66c2a5' lw 1.5 pt 6 ps 1.0 dt 2
set style line 3 lc rgb '#d95f02' lw 2 pt 5 ps 1.1
set style line 4 lc rgb '#7570b3' lw 2 pt 9 ps 1.2
set logscale x 2
set multiplot layout 1,2 title "Raw Punycode of one long string (ICU rejects > 1,000 code points; peers capped after a 2 s call)"
set title 'encode'
plot dir.'/long-puny.dat' using 1:2 with linespoints ls 1 title 'puny', \
     dir.'/long-puny-utf8.dat' using 1:2 with linespoints ls 2 title 'puny (UTF-8 in)', \
     dir.'/long-libidn2.dat' using 1:2 with linespoints ls 3 title 'libidn2', \
     dir.'/long-libidn.dat' using 1:2 with linespoints ls 4 title 'GNU libidn'
set title 'decode'
plot dir.'/long-puny.dat' using 1:3 with linespoints ls 1 title 'puny', \
     dir.'/long-puny-utf8.dat' using 1:3 with linespoints ls 2 title 'puny (UTF-8 out)', \
     dir.'/long-libidn2.dat' using 1:3 with linespoints ls 3 title 'libidn2', \
     dir.'/long-libidn.dat' using 1:3 with linespoints ls 4 title 'GNU libidn'
unset multiplot
